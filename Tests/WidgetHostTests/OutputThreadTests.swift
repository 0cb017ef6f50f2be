import Rendering
import Synchronization
import Testing

/// The thread that writes a run's output: every chunk reaches its sink, in the order written,
/// however few may wait.
@Suite struct OutputThreadTests {
    @Test func chunksReachTheSinkInOrderAndFinishWaitsForTheLast() async {
        let received = Mutex<[String]>([])
        let thread = OutputThread(capacity: 1) { chunk in
            switch chunk {
            case .data(let bytes): received.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) }
            case .text(let text): received.withLock { $0.append(text) }
            }
        }
        for index in 0..<200 {
            await thread.write(index.isMultiple(of: 2) ? .data(Array("\(index)".utf8)) : .text("\(index)"))
        }
        await thread.finish()
        #expect(received.withLock { $0 } == (0..<200).map(String.init))
    }
}
